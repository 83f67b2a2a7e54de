import type { Barcode } from '@schemas/api/barcode';
import type { Project } from '@schemas/api/project';
import type { Language } from '@schemas/languages';
import { paths } from '@/shared/paths';

/** What a printed label shows. */
export interface LabelContent {
  id: string;
  /** The address a scan of the label's QR code opens: the barcode's detail page on this site. */
  url: string;
  /** The barcode type's name; null before activation (the type is chosen then). */
  typeName: string | null;
  /** The barcode's title (its type's `uiConfig.listViewTitleLabelField` value); null when none. */
  name: string | null;
}

/** The label of a barcode of `project`; `barcode` null for one just generated (not activated, no data). */
export function labelContent(
  project: Project,
  id: string,
  barcode: Pick<Barcode, 'barcodeType' | 'activationData'> | null,
  language: Language,
  origin = window.location.origin,
): LabelContent {
  const type = barcode?.barcodeType ? project.barcodeTypes[barcode.barcodeType] : undefined;
  const titleField = type?.uiConfig?.listViewTitleLabelField;
  const title = titleField ? barcode?.activationData?.[titleField] : undefined;
  return {
    id,
    url: origin + paths.barcode.getHref(project, id),
    typeName: type?.name[language] ?? null,
    name: typeof title === 'string' || typeof title === 'number' ? String(title) : null,
  };
}
