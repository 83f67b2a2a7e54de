import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Image,
  Input,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NO_SCAN_FRAME } from '@renderer';
import type { ScanFrameSource, WidgetProps } from '../types';
import { isAllowedImage, scaleImage } from './image-scale';

export interface FileItem {
  name: string;
  url: string;
}

interface Upload {
  key: number;
  name: string;
  percent: number;
  failed: boolean;
}

const isRealFile = (item: FileItem) => item.url !== NO_SCAN_FRAME.url;

const noFrames = {
  current: () => null,
  subscribe: () => () => undefined,
  used: () => undefined,
} satisfies ScanFrameSource;

const isIOS = () => /iPad|iPhone|iPod/.test(navigator.userAgent);

/**
 * Pictures and files: a card per file with its thumbnail or name, preview (new tab) and delete;
 * one button labelled by kind; a counter. Images are checked by extension, scaled to the
 * configured longest side and saved as JPEG, then uploaded as files (never base64 in form data)
 * with progress. The barcode-scan-frame kind only receives the frame its barcode was scanned
 * from (uploaded once scanning handed it over); without one it reports a single item whose url
 * is 'none' and says why.
 */
export function FilesWidget({
  id,
  value,
  onChange,
  label,
  description,
  required,
  readOnly,
  disabled,
  error,
  options,
  context,
}: WidgetProps<'files', FileItem[]>) {
  const { t } = useTranslation('forms');
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [rejected, setRejected] = useState<string | null>(null);
  const items = value ?? [];
  const { fileKind: kind, maxCount } = options;
  // The list as last rendered, for uploads that finish after further changes.
  const latest = useRef(items);
  useEffect(() => {
    latest.current = items;
  });
  const nextKey = useRef(0);

  /** Uploads the files there is room for; true when all of them were stored. */
  const add = async (files: FileList | File[] | null): Promise<boolean> => {
    setRejected(null);
    let stored = true;
    const room = maxCount - latest.current.filter(isRealFile).length - uploads.length;
    const chosen = [...(files ?? [])].slice(0, Math.max(0, room));
    if (chosen.length === 0) return false;
    for (const original of chosen) {
      const isImage = kind !== 'other';
      if (isImage && !isAllowedImage(original.name)) {
        setRejected(t('widgets.imageType', { name: original.name }));
        stored = false;
        continue;
      }
      nextKey.current += 1;
      const key = nextKey.current;
      setUploads((u) => [...u, { key, name: original.name, percent: 0, failed: false }]);
      try {
        const file = isImage ? await scaleImage(original, options.maxImageSide) : original;
        const url = await context.uploadFile(file, (percent) =>
          setUploads((u) => u.map((x) => (x.key === key ? { ...x, percent } : x))),
        );
        setUploads((u) => u.filter((x) => x.key !== key));
        onChange([...latest.current.filter(isRealFile), { name: file.name, url }]);
      } catch {
        stored = false;
        setUploads((u) => u.map((x) => (x.key === key ? { ...x, failed: true } : x)));
      }
    }
    return stored;
  };

  // The scan frame: uploaded once it is there, else the 'none' item.
  const frames = kind === 'barcodeScanFrame' ? (context.scanFrame ?? noFrames) : noFrames;
  const frame = useSyncExternalStore(frames.subscribe, frames.current);
  const uploadedFrame = useRef<File | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const hasFile = items.some(isRealFile);
  useEffect(() => {
    if (kind !== 'barcodeScanFrame') return;
    if (frame && !hasFile && !readOnly && uploadedFrame.current !== frame) {
      uploadedFrame.current = frame;
      // Handed over only if this form still shows it (not left while uploading).
      void add([frame]).then((stored) => stored && mounted.current && frames.used());
    } else if (!frame && items.length === 0) {
      onChange([NO_SCAN_FRAME]);
    }
  });

  // Photo-only fields use the in-app photo dialog where the screen offers one, else the phone's camera.
  const pick = async () => {
    if (kind === 'photoOnly' && context.takePhoto) {
      const photo = await context.takePhoto(options.overlayImageUrl);
      if (photo) await add([photo]);
      return;
    }
    input.current?.click();
  };

  const remove = (item: FileItem) => {
    void context.deleteFile(item.url);
    const next = latest.current.filter((i) => i !== item && isRealFile(i));
    onChange(next.length > 0 ? next : undefined);
  };

  const buttonLabel =
    kind === 'photoOnly' ? t('widgets.takePhoto') : kind === 'image' ? t('widgets.addPicture') : t('widgets.addFile');
  const full = items.length + uploads.length >= maxCount;
  const files = items.filter(isRealFile);
  // The scan frame comes from scanning only: no button; without it, a warning that it cannot be uploaded.
  const canAdd = !readOnly && kind !== 'barcodeScanFrame';
  return (
    <Input.Wrapper id={id} label={label} description={description} withAsterisk={required} error={error}>
      <Stack gap="xs" mt={4}>
        {kind === 'barcodeScanFrame' && files.length === 0 && uploads.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('widgets.scanFrameWarning')}
          </Text>
        )}
        {(files.length > 0 || uploads.length > 0) && (
          <SimpleGrid cols={3} spacing="xs">
            {files.map((item) => (
              <Paper key={item.url} withBorder p={4} radius="sm">
                {kind !== 'other' ? (
                  <Image src={item.url} alt={item.name} h={72} fit="cover" radius="xs" />
                ) : (
                  <Text size="xs" lineClamp={3} h={72}>
                    {item.name}
                  </Text>
                )}
                <Group justify="space-between" gap={2} mt={2} wrap="nowrap">
                  <Anchor href={item.url} target="_blank" rel="noopener noreferrer" size="xs">
                    {t('widgets.preview')}
                  </Anchor>
                  {!readOnly && (
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red"
                      aria-label={t('widgets.deleteFile', { name: item.name })}
                      onClick={() => remove(item)}
                    >
                      ×
                    </ActionIcon>
                  )}
                </Group>
              </Paper>
            ))}
            {uploads.map((u) => (
              <Paper key={u.key} withBorder p={4} radius="sm">
                <Text size="xs" lineClamp={2}>
                  {u.name}
                </Text>
                {u.failed ? (
                  <Text size="xs" c="red" role="alert">
                    {t('widgets.uploadFailed')}
                  </Text>
                ) : (
                  <Progress
                    value={u.percent}
                    size="sm"
                    mt={6}
                    aria-label={t('widgets.uploading', { percent: u.percent })}
                  />
                )}
                {u.failed && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}
                  >
                    {t('common.close', { ns: 'common' })}
                  </Button>
                )}
              </Paper>
            ))}
          </SimpleGrid>
        )}
        {canAdd && (
          <Group justify="space-between">
            <Button variant="light" onClick={() => void pick()} disabled={disabled || full}>
              {buttonLabel}
            </Button>
            <Text size="sm" c="dimmed" aria-live="polite">
              {t('widgets.fileCount', { count: items.length, max: maxCount })}
            </Text>
          </Group>
        )}
        {rejected && (
          <Text size="sm" c="red" role="alert">
            {rejected}
          </Text>
        )}
        <input
          ref={input}
          type="file"
          hidden
          multiple={kind !== 'photoOnly'}
          accept={kind === 'other' ? undefined : 'image/*'}
          capture={kind === 'photoOnly' || (kind === 'image' && !isIOS()) ? 'environment' : undefined}
          onChange={(e) => {
            void add(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
          data-testid={`${id}-file-input`}
        />
      </Stack>
    </Input.Wrapper>
  );
}
