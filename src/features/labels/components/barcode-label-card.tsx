import { useEffect, useState } from 'react';
import type { LabelContent } from '../model/label';
import { qrSvg, svgDataUrl } from '../model/qr';

/**
 * One printable label: the barcode's QR code (the address a scan opens), its type, its name and
 * its id. The QR code is drawn here (model/qr.ts); `onDrawn` says when it is there, so that a
 * sheet prints only once every code is drawn.
 */
export function BarcodeLabelCard({
  label,
  className,
  onDrawn,
}: {
  label: LabelContent;
  className: string;
  onDrawn?(): void;
}) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    void qrSvg(label.url).then((svg) => {
      if (!alive) return;
      setSrc(svgDataUrl(svg));
      onDrawn?.();
    });
    return () => {
      alive = false;
    };
  }, [label.url, onDrawn]);
  return (
    <figure className={`barcode-label ${className}`} data-testid="printable-label" data-barcode-id={label.id}>
      {src ? <img src={src} alt={label.url} /> : <span style={{ width: '30mm', height: '30mm' }} aria-busy="true" />}
      <figcaption className="label-text">
        {label.typeName && <div>{label.typeName}</div>}
        {label.name && (
          <div>
            <strong>{label.name}</strong>
          </div>
        )}
        <div className="label-id">{label.id}</div>
      </figcaption>
    </figure>
  );
}
