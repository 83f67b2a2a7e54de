/**
 * The app's install icons (browsers offer to install a web app only with PNG icons of 192 and 512
 * pixels): the mark drawn in index.html and favicon.svg (a teal rounded square with six white
 * bars), rasterised here at build time, so no image tool and no binary file in the repository. The
 * maskable version fills the square with the colour and keeps the bars inside the centre 60 %
 * (the safe zone a launcher's mask never cuts).
 */
import { crc32, deflateSync } from 'node:zlib';
import { APP_THEME_COLOUR } from '../schemas/app-icons.ts';

const TEAL = [1, 3, 5].map((at) => parseInt(APP_THEME_COLOUR.slice(at, at + 2), 16));
/** The bars of favicon.svg's 32-unit square: their centres (2 units wide), from y 8 to 24. */
const BARS = [7, 11, 14, 18, 20, 24];

/** Whether the point (x, y), in the 32-unit square, is inside a corner-rounded square of radius r. */
function insideRounded(x: number, y: number, r: number): boolean {
  const cx = Math.min(Math.max(x, r), 32 - r);
  const cy = Math.min(Math.max(y, r), 32 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

const onBar = (x: number, y: number) => y >= 8 && y <= 24 && BARS.some((centre) => Math.abs(x - centre) <= 1);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The icon as a PNG file of `size` x `size` pixels (RGBA, 2x2 supersampled edges). */
export function appIconPng(size: number, maskable = false): Buffer {
  const rows: Buffer[] = [];
  // Maskable: the mark scaled to 60 % in the middle of a full square.
  const scale = maskable ? 0.6 : 1;
  const offset = (32 - 32 * scale) / 2;
  for (let py = 0; py < size; py += 1) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px += 1) {
      let inside = 0;
      let white = 0;
      for (const [sx, sy] of [
        [0.25, 0.25],
        [0.75, 0.25],
        [0.25, 0.75],
        [0.75, 0.75],
      ] as const) {
        const x = ((px + sx) / size) * 32;
        const y = ((py + sy) / size) * 32;
        if (!(maskable || insideRounded(x, y, 6))) continue;
        inside += 1;
        if (onBar((x - offset) / scale, (y - offset) / scale)) white += 1;
      }
      const at = 1 + px * 4;
      const w = inside ? white / inside : 0;
      for (let c = 0; c < 3; c += 1) row[at + c] = Math.round(TEAL[c]! * (1 - w) + 255 * w);
      row[at + 3] = Math.round((inside / 4) * 255);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
