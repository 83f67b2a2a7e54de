import { Alert, List, Textarea, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ConfigProblem } from '@renderer/config-check';

export interface ConfigEditorProps {
  text: string;
  onChange(text: string): void;
  problems: ConfigProblem[];
}

/** The configuration as JSON, with its problems (JSON pointer and words) right under it. */
export function ConfigEditor({ text, onChange, problems }: ConfigEditorProps) {
  // The 'config' messages load with the playground, not with the first screen.
  const { t } = useTranslation(['forms', 'config', 'common']);
  return (
    <div>
      <Textarea
        label={t('playground.configuration')}
        description={t('playground.configurationHint')}
        value={text}
        onChange={(e) => onChange(e.currentTarget.value)}
        autosize
        minRows={12}
        maxRows={24}
        spellCheck={false}
        styles={{ input: { fontFamily: 'ui-monospace, monospace', fontSize: 12 } }}
      />
      {problems.length === 0 ? (
        <Text size="sm" c="teal" mt={6} role="status">
          {t('playground.valid')}
        </Text>
      ) : (
        <Alert color="red" mt={6} title={t('playground.problems', { count: problems.length })} role="alert">
          <List size="sm" spacing={2}>
            {problems.slice(0, 50).map((p) => (
              <List.Item key={`${p.pointer} ${p.message}`}>
                <code>{p.pointer}</code>: {t(p.key, { ns: 'config', ...p.values, defaultValue: p.message })}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </div>
  );
}
