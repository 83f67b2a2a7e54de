import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ProjectLogo } from './project-logo';

export interface NotFoundPageProps {
  /** The project's custom logo, when the project is known. */
  logoUrl?: string | null;
  /** Where Back goes when there is no page to go back to. */
  fallbackPath?: string;
}

/** The 404 page: the project's logo if any, a message, a back button. */
export function NotFoundPage({ logoUrl, fallbackPath = '/' }: NotFoundPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => {
    // history.state.idx is react-router's position in this tab's history. At 0 the page was
    // loaded directly: go back only to a page of this app (the referrer), else to the fallback.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    const cameFromApp = document.referrer.startsWith(window.location.origin) && window.history.length > 1;
    if (idx > 0) navigate(-1);
    else if (cameFromApp) window.history.back();
    else navigate(fallbackPath, { replace: true });
  };
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="md" maw={360}>
        {logoUrl && <ProjectLogo url={logoUrl} alt="" height={48} />}
        <Title order={1} size="h2">
          {t('notFound.title')}
        </Title>
        <Text ta="center" c="dimmed">
          {t('notFound.message')}
        </Text>
        <Button size="lg" onClick={back}>
          {t('common.back')}
        </Button>
      </Stack>
    </Center>
  );
}
