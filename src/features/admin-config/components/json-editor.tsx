import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { Button, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkProjectConfig, projectConfigSchema } from '@renderer/config-check';
import { ErrorBoundary } from '@/shared/ui/error-boundary';
import { rangeOfPointer, syntaxProblems, type TextRange } from '../model/json-assist';
import { lazyWithStyles } from '@/shared/ui/styles';

/** A problem of the JSON at its place in the text, in the admin's language. */
export interface LocatedProblem extends TextRange {
  message: string;
  pointer?: string;
}

export interface JsonEditorProps {
  value: string;
  onChange(value: string): void;
  /** The configuration's JSON Schema (the one the server validates with). */
  schema: unknown;
  problems: LocatedProblem[];
  labelId: string;
  describedBy: string;
  requiredText: string;
  /** The place to move the cursor to (a new object each time a problem is picked). */
  jump: { offset: number } | null;
}

const JsonCodeEditor = lazyWithStyles(() => import('./json-code-editor'));

/** How long typing must pause before the JSON is checked again (the check compiles every form). */
const CHECK_DELAY_MS = 400;

/**
 * The problems of the JSON text where they are: its syntax errors, else the QA check of the
 * configuration it holds (the server's own check: schema, rules, every form compiled), each
 * with its line. Checked once typing pauses; `checking` while a check is due.
 */
function useLocatedProblems(text: string): { problems: LocatedProblem[]; checking: boolean } {
  const { t } = useTranslation(['admin', 'config']);
  const [result, setResult] = useState<{ text: string; problems: LocatedProblem[] } | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      const syntax = syntaxProblems(text);
      let parsed: unknown;
      try {
        parsed = syntax.length > 0 ? undefined : JSON.parse(text);
      } catch {
        // What jsonc-parser reads but JSON.parse does not (none known): said at the start, never thrown.
        syntax.push({ code: 'InvalidSymbol', from: 0, to: Math.min(1, text.length), line: 1 });
      }
      const problems: LocatedProblem[] =
        syntax.length > 0
          ? syntax.map((p) => ({
              ...p,
              message: t(`config.syntax.${p.code}`, { defaultValue: t('config.syntax.other', { code: p.code }) }),
            }))
          : checkProjectConfig(parsed).map((p) => ({
              ...(rangeOfPointer(text, p.pointer) ?? { from: 0, to: 1, line: 1 }),
              pointer: p.pointer,
              message: t(p.key, { ns: 'config', ...p.values, defaultValue: p.message }),
            }));
      setResult({ text, problems });
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, t]);
  return { problems: result?.problems ?? [], checking: result?.text !== text };
}

/** The plain text area: while the editor loads, and if its code cannot load (nothing typed is lost). */
function PlainJsonEditor({
  value,
  onChange,
  labelId,
  describedBy,
  jump,
  note,
}: Pick<JsonEditorProps, 'value' | 'onChange' | 'labelId' | 'describedBy' | 'jump'> & { note?: string }) {
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!jump || !area.current) return;
    area.current.focus();
    area.current.setSelectionRange(jump.offset, jump.offset);
  }, [jump]);
  return (
    <Textarea
      ref={area}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      autosize
      minRows={8}
      maxRows={20}
      description={note}
      styles={{ input: { fontFamily: 'ui-monospace, monospace', fontSize: 12 } }}
      spellCheck={false}
    />
  );
}

/**
 * The configuration's JSON editor: CodeMirror with completion from the configuration's schema
 * and the QA check's problems at their lines, and under it the same problems as a list whose
 * entries move the cursor to the line.
 */
export function JsonEditor({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange(value: string): void;
  label: string;
}) {
  const { t } = useTranslation('admin');
  const labelId = useId();
  const problemsId = useId();
  const hintId = useId();
  const { problems, checking } = useLocatedProblems(value);
  const [jump, setJump] = useState<{ offset: number } | null>(null);
  const props: JsonEditorProps = {
    value,
    onChange,
    schema: projectConfigSchema,
    problems,
    labelId,
    describedBy: `${hintId} ${problemsId}`,
    requiredText: t('config.jsonRequired'),
    jump,
  };
  return (
    <Stack gap={6}>
      <Text component="div" id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <Text id={hintId} size="xs" c="dimmed">
        {t('config.jsonHint')}
      </Text>
      <div>
        <ErrorBoundary fallback={() => <PlainJsonEditor {...props} note={t('config.jsonPlain')} />}>
          <Suspense fallback={<PlainJsonEditor {...props} />}>
            <JsonCodeEditor {...props} />
          </Suspense>
        </ErrorBoundary>
      </div>
      <div id={problemsId}>
        {checking ? (
          <Text size="sm" c="dimmed" role="status">
            {t('config.jsonChecking')}
          </Text>
        ) : problems.length === 0 ? (
          <Text size="sm" c="teal.9" role="status">
            {t('config.jsonNoProblems')}
          </Text>
        ) : (
          <Stack gap={2}>
            <Text size="sm" fw={500} c="red.9" role="status">
              {t('config.jsonProblems', { count: problems.length })}
            </Text>
            <Stack gap={2} component="ul" style={{ margin: 0, paddingInlineStart: '1.2rem' }}>
              {problems.slice(0, 50).map((p) => (
                <li key={`${p.from} ${p.message}`}>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => setJump({ offset: p.from })}
                    title={t('config.jsonGoTo', { line: p.line, message: p.message })}
                    styles={{
                      root: { height: 'auto', paddingBlock: 2 },
                      label: { whiteSpace: 'normal', textAlign: 'start' },
                    }}
                  >
                    <span>
                      <strong>{t('config.jsonLine', { line: p.line })}</strong>
                      {p.pointer && (
                        <>
                          {' '}
                          <code>{p.pointer}</code>
                        </>
                      )}
                      : {p.message}
                    </span>
                  </Button>
                </li>
              ))}
            </Stack>
          </Stack>
        )}
      </div>
    </Stack>
  );
}
