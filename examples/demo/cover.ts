/**
 * The demo's cover art: a small SVG made in code, so demo mode shows pictures with no network
 * and no image file in the repository. Each cover address gets its own colours (from a hash of
 * the address), drawn as a record sleeve: a gradient with a disc on it. Nothing of the request
 * is written into the picture.
 */
import { fnv1a } from "./hash.ts";

/** An SVG cover whose colours are chosen by `seed`. */
export function demoCover(seed: string): string {
  const h = fnv1a(seed);
  const hue = h % 360;
  const second = (hue + 40 + ((h >>> 9) % 100)) % 360;
  const disc = 90 + ((h >>> 17) % 60);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 55%)"/><stop offset="1" stop-color="hsl(${second} 60% 30%)"/></linearGradient></defs>
<rect width="300" height="300" fill="url(#g)"/>
<circle cx="150" cy="150" r="${disc}" fill="#111" fill-opacity=".85"/>
<circle cx="150" cy="150" r="${Math.round(disc * 0.72)}" fill="none" stroke="#fff" stroke-opacity=".12" stroke-width="2"/>
<circle cx="150" cy="150" r="${Math.round(disc * 0.45)}" fill="none" stroke="#fff" stroke-opacity=".12" stroke-width="2"/>
<circle cx="150" cy="150" r="24" fill="hsl(${second} 70% 60%)"/>
<circle cx="150" cy="150" r="4" fill="#111"/>
</svg>
`;
}
