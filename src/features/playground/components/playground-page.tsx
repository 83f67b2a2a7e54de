import { useEffect, useMemo, useState } from 'react';
import { Alert, Center, Container, Grid, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProjectConfig } from '@schemas/project-config';
import { checkProjectConfig, notJsonProblem, type ConfigProblem } from '@renderer/config-check';
import { translateError } from '@/shared/i18n/error-message';
import { loadStartingConfig } from '../model/playground-config';
import { ConfigEditor } from './config-editor';
import { FormPreview } from './form-preview';

function parse(text: string): { config: ProjectConfig | null; problems: ConfigProblem[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { config: null, problems: [notJsonProblem((error as Error).message)] };
  }
  const problems = checkProjectConfig(value);
  return { config: problems.length === 0 ? (value as ProjectConfig) : null, problems };
}

/**
 * `/playground`: paste or edit a project configuration, see its problems inline, and preview
 * every form on a phone-sized frame. No login; it reads the demo configuration once and
 * touches no data (files stay in the browser).
 */
export function PlaygroundPage() {
  const { t } = useTranslation('forms');
  const { t: tCommon } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [lastGood, setLastGood] = useState<ProjectConfig | null>(null);

  useEffect(() => {
    loadStartingConfig().then(setText, (error: unknown) => {
      setLoadError(translateError(tCommon, error));
      setText('{}');
    });
  }, [tCommon]);

  const parsed = useMemo(() => (text === null ? null : parse(text)), [text]);
  const config = parsed?.config ?? null;
  if (config !== null && config !== lastGood) setLastGood(config);

  if (text === null || parsed === null)
    return (
      <Center component="main" mih="50vh">
        <Loader />
      </Center>
    );
  return (
    <Container size="lg" py="md" component="main">
      <Stack gap="md">
        <div>
          <Title order={1} size="h3">
            {t('playground.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('playground.intro')}
          </Text>
        </div>
        {loadError && <Alert color="orange">{loadError}</Alert>}
        <Grid>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <ConfigEditor text={text} onChange={setText} problems={parsed.problems} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            {lastGood ? (
              <>
                {!config && (
                  <Text size="sm" c="orange" mb="xs">
                    {t('playground.showingLastGood')}
                  </Text>
                )}
                <FormPreview config={lastGood} />
              </>
            ) : (
              <Text c="dimmed">{t('playground.noValidConfig')}</Text>
            )}
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
