import { useEffect, useState } from 'react';
import { Alert, Button, Loader, Stack, Text, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '@schemas/languages';
import { useErrorText } from '@/shared/i18n/error-message';
import { useCurrentProject } from '@/shared/project/use-project';
import { ProjectLogo } from '@/shared/ui/project-logo';
import { useCustomPage } from '../api/custom-page';

type Sanitize = (html: string, kind: 'page') => string;

/** DOMPurify loads with this screen only (as it does with the alert list). */
function useSanitizer(): Sanitize | null {
  const [sanitize, setSanitize] = useState<Sanitize | null>(null);
  useEffect(() => {
    void import('@/shared/html/sanitize').then((m) => setSanitize(() => m.sanitizeHtml));
  }, []);
  return sanitize;
}

/**
 * `/{project}/html` (open): the project's custom page in the interface language, under the
 * project's logo, without a home button. The server sends it rebuilt from allowed tags
 * (server/rules/custom-page.ts); DOMPurify, with the browser's own parser, sanitises it again
 * before it is drawn, so no script, handler or other site's resource of it ever runs or loads.
 */
export function CustomPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const project = useCurrentProject();
  const sanitize = useSanitizer();
  const { data, error, isLoading, mutate } = useCustomPage(project);
  const html = data?.html?.[i18n.language as Language] ?? data?.html?.en;
  return (
    <Stack gap="md">
      {project.customLogoImageUrl && (
        <ProjectLogo url={project.customLogoImageUrl} alt={project.enterpriseName} height={64} align="left" />
      )}
      {(isLoading || (html && !sanitize)) && <Loader aria-label={t('app.loading')} />}
      {error !== undefined && (
        <Alert color="red" variant="light" title={t('customPage.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(error)}</Text>
            <Button variant="light" onClick={() => void mutate()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {data && !html && <Text c="dimmed">{t('customPage.none')}</Text>}
      {html && sanitize && (
        <Typography>
          <div
            data-testid="custom-page"
            style={{ overflowWrap: 'anywhere' }}
            dangerouslySetInnerHTML={{ __html: sanitize(html, 'page') }}
          />
        </Typography>
      )}
    </Stack>
  );
}
