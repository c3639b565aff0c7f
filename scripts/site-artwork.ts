/**
 * Original placeholder artwork for the public site, as SVG source. scripts/generate-site-assets.ts
 * renders these to AVIF/WebP. Flat shapes only, so they compress to a few kilobytes each.
 * Replace with real photos: see docs/site.md.
 */

const W = 1440;
const H = 960;

function frame(body: string, background: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${background[0]}"/>
      <stop offset="1" stop-color="${background[1]}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.75" r="0.6">
      <stop offset="0" stop-color="#ff9a1f" stop-opacity="0.55"/>
      <stop offset="1" stop-color="#ff9a1f" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  ${body}
</svg>`;
}

function flame(x: number, y: number, scale: number): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <path d="M0 0 C-40 -60 -10 -120 10 -170 C20 -120 70 -90 50 -30 C45 -10 30 0 0 0 Z" fill="#ff6a00"/>
    <path d="M5 0 C-15 -40 0 -80 12 -110 C20 -75 45 -55 32 -20 C28 -8 18 0 5 0 Z" fill="#ffc400"/>
  </g>`;
}

function skewer(x: number, y: number, angle: number): string {
  const chunks = [0, 1, 2, 3, 4]
    .map(
      (i) => `<rect x="${60 + i * 86}" y="-34" width="72" height="68" rx="18" fill="${i % 2 ? "#7a2f12" : "#9c4318"}"/>
      <rect x="${68 + i * 86}" y="-30" width="30" height="14" rx="7" fill="#c8662a" opacity="0.8"/>`,
    )
    .join("");
  return `<g transform="translate(${x} ${y}) rotate(${angle})">
    <rect x="0" y="-5" width="560" height="10" rx="5" fill="#d9b98a"/>
    ${chunks}
  </g>`;
}

function grill(): string {
  const flames = [180, 360, 540, 720, 900, 1080, 1260].map((x, i) => flame(x, 900, 1.2 + (i % 3) * 0.3)).join("");
  const bars = Array.from(
    { length: 11 },
    (_, i) => `<rect x="80" y="${560 + i * 32}" width="1280" height="8" rx="4" fill="#3a3a3a"/>`,
  ).join("");
  return frame(
    `<rect width="${W}" height="${H}" fill="url(#glow)"/>
     ${flames}
     ${bars}
     ${skewer(230, 600, -4)}${skewer(560, 690, 3)}${skewer(300, 800, -2)}${skewer(780, 560, -6)}
     <circle cx="1240" cy="170" r="80" fill="#f2b705" opacity="0.15"/>`,
    ["#1a0d05", "#3b1806"],
  );
}

function burger(): string {
  return frame(
    `<rect width="${W}" height="${H}" fill="url(#glow)"/>
     <ellipse cx="720" cy="860" rx="560" ry="60" fill="#000" opacity="0.4"/>
     <rect x="180" y="820" width="1080" height="40" rx="20" fill="#5a3a1c"/>
     <!-- burger -->
     <path d="M430 820 h440 a30 30 0 0 0 30 -30 v-10 h-500 v10 a30 30 0 0 0 30 30z" fill="#d99a4e"/>
     <rect x="410" y="700" width="480" height="80" rx="34" fill="#5b2a14"/>
     <path d="M400 700 l40 40 l40 -40 l40 40 l40 -40 l40 40 l40 -40 l40 40 l40 -40 l40 40 l40 -40 l40 40 l40 -40 v-16 h-480z" fill="#f7c531"/>
     <path d="M395 690 q30 -30 60 0 q30 -30 60 0 q30 -30 60 0 q30 -30 60 0 q30 -30 60 0 q30 -30 60 0 q30 -30 60 0 q30 -30 60 0 v14 h-480z" fill="#5cae3a"/>
     <rect x="420" y="640" width="460" height="40" rx="12" fill="#d8462c"/>
     <path d="M410 640 c0 -210 480 -210 480 0z" fill="#e0a050"/>
     <g fill="#fff1c7">
       <ellipse cx="560" cy="540" rx="12" ry="6"/><ellipse cx="650" cy="510" rx="12" ry="6"/>
       <ellipse cx="740" cy="530" rx="12" ry="6"/><ellipse cx="820" cy="570" rx="12" ry="6"/><ellipse cx="500" cy="590" rx="12" ry="6"/>
     </g>
     <!-- fries -->
     <g transform="translate(1010 520)">
       ${Array.from({ length: 9 }, (_, i) => `<rect x="${10 + i * 22}" y="${-30 - (i % 3) * 40}" width="18" height="220" rx="6" fill="#f7c531" transform="rotate(${-8 + i * 2} ${20 + i * 22} 180)"/>`).join("")}
       <path d="M-10 60 h240 l-30 240 h-180z" fill="#c0262d"/>
       <path d="M30 140 h160" stroke="#f2b705" stroke-width="12"/>
     </g>`,
    ["#140c06", "#2d1a0c"],
  );
}

function bucket(): string {
  const bottle = (x: number, tilt: number, color: string) => `<g transform="translate(${x} 520) rotate(${tilt})">
      <rect x="-30" y="-200" width="60" height="260" rx="24" fill="${color}"/>
      <rect x="-14" y="-300" width="28" height="120" rx="10" fill="${color}"/>
      <rect x="-16" y="-316" width="32" height="22" rx="6" fill="#c9a227"/>
      <rect x="-30" y="-120" width="60" height="70" fill="#f2e6c2"/>
    </g>`;
  const cubes = Array.from(
    { length: 14 },
    (_, i) =>
      `<rect x="${460 + ((i * 97) % 520)}" y="${520 + ((i * 53) % 70)}" width="56" height="50" rx="10" fill="#dff4ff" opacity="0.85" transform="rotate(${((i * 23) % 40) - 20} ${488 + ((i * 97) % 520)} ${545 + ((i * 53) % 70)})"/>`,
  ).join("");
  return frame(
    `<circle cx="720" cy="480" r="420" fill="#1e4a6b" opacity="0.35"/>
     ${bottle(560, -12, "#2f6b2f")}${bottle(680, -4, "#6b3d14")}${bottle(800, 5, "#2f6b2f")}${bottle(910, 13, "#6b3d14")}
     ${cubes}
     <path d="M420 560 h600 l-60 340 h-480z" fill="#b8c4cc"/>
     <path d="M420 560 h600 l-8 44 h-584z" fill="#e3ebf0"/>
     <path d="M470 640 l40 240 M560 640 l20 240 M880 640 l-20 240 M970 640 l-40 240" stroke="#8f9ca6" stroke-width="10"/>
     <text x="720" y="780" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="700" fill="#1b2a33" text-anchor="middle">ICE COLD</text>`,
    ["#06121c", "#0d2436"],
  );
}

function sisig(): string {
  const bits = Array.from({ length: 40 }, (_, i) => {
    const angle = i * 2.4;
    const radius = 60 + ((i * 37) % 260);
    const x = 720 + Math.cos(angle) * radius * 1.4;
    const y = 600 + Math.sin(angle) * radius * 0.55;
    return `<rect x="${x.toFixed(0)}" y="${y.toFixed(0)}" width="${36 + (i % 4) * 8}" height="${26 + (i % 3) * 6}" rx="8" fill="${["#8a3b16", "#a5501f", "#6e2c10"][i % 3]}" transform="rotate(${(i * 31) % 90} ${x.toFixed(0)} ${y.toFixed(0)})"/>`;
  }).join("");
  const chilies = Array.from(
    { length: 12 },
    (_, i) => `<circle cx="${460 + ((i * 131) % 540)}" cy="${520 + ((i * 71) % 170)}" r="12" fill="${i % 2 ? "#e3342f" : "#4caf50"}"/>`,
  ).join("");
  const steam = [520, 720, 920]
    .map(
      (x) =>
        `<path d="M${x} 380 c-40 -60 40 -100 0 -160 c-40 -60 40 -100 0 -160" stroke="#ffffff" stroke-opacity="0.25" stroke-width="16" fill="none" stroke-linecap="round"/>`,
    )
    .join("");
  return frame(
    `<ellipse cx="720" cy="660" rx="620" ry="250" fill="#3d2a12"/>
     <ellipse cx="720" cy="640" rx="560" ry="220" fill="#111"/>
     <ellipse cx="720" cy="620" rx="500" ry="190" fill="#1d1d1d"/>
     ${bits}${chilies}
     <ellipse cx="760" cy="590" rx="90" ry="62" fill="#fffaf0"/>
     <circle cx="770" cy="585" r="34" fill="#f7b500"/>
     <circle cx="1040" cy="540" r="34" fill="#b6d94c"/><circle cx="1040" cy="540" r="20" fill="#e6f5a8"/>
     ${steam}`,
    ["#120a04", "#2a1608"],
  );
}

function bar(): string {
  const shelves = [220, 380].map((y) => `<rect x="160" y="${y}" width="1120" height="14" fill="#6b4a2a"/>`).join("");
  const colors = ["#2f6b2f", "#7a2f12", "#c9a227", "#3b5b8c", "#8c3b6b", "#d9d9d9"];
  const bottles = [220, 380]
    .map((y, row) =>
      Array.from({ length: 14 }, (_, i) => {
        const x = 190 + i * 78;
        const h = 90 + ((i * 17 + row * 11) % 50);
        return `<rect x="${x}" y="${y - h}" width="40" height="${h}" rx="10" fill="${colors[(i + row) % colors.length]}" opacity="0.9"/>
          <rect x="${x + 13}" y="${y - h - 34}" width="14" height="40" rx="5" fill="${colors[(i + row) % colors.length]}"/>`;
      }).join(""),
    )
    .join("");
  const lights = [360, 720, 1080]
    .map(
      (x) => `<line x1="${x}" y1="0" x2="${x}" y2="470" stroke="#333" stroke-width="4"/>
      <path d="M${x - 60} 520 q60 -70 120 0z" fill="#f2b705"/>
      <ellipse cx="${x}" cy="560" rx="200" ry="60" fill="#f2b705" opacity="0.12"/>`,
    )
    .join("");
  const glass = (x: number, color: string) => `<g transform="translate(${x} 700)">
      <path d="M-60 0 h120 l-60 80z" fill="${color}" opacity="0.9"/>
      <path d="M-60 0 h120" stroke="#e8e8e8" stroke-width="6"/>
      <rect x="-4" y="80" width="8" height="80" fill="#e8e8e8"/>
      <rect x="-40" y="156" width="80" height="8" rx="4" fill="#e8e8e8"/>
      <circle cx="40" cy="-6" r="16" fill="#7ac943"/>
    </g>`;
  return frame(
    `${shelves}${bottles}${lights}
     <rect x="0" y="860" width="${W}" height="100" fill="#3a2412"/>
     <rect x="0" y="850" width="${W}" height="16" fill="#8a5a2e"/>
     ${glass(520, "#e8603c")}${glass(760, "#f2b705")}${glass(1000, "#3cc4e8")}`,
    ["#0b0b14", "#1a1420"],
  );
}

export const CAROUSEL_ARTWORK: Record<string, () => string> = { grill, burger, bucket, sisig, bar };

/** The navbar logo: a flame mark and the wordmark. Text uses the visitor's sans-serif font. */
export function logoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40">
  <path d="M18 36c-9 0-14-6-13-13 1-6 6-9 6-16 5 3 7 7 6 12 2-2 3-5 3-8 6 5 9 11 8 16-1 5-5 9-10 9z" fill="#f2b705"/>
  <path d="M18 36c-4 0-6-3-5-6 1-3 3-4 3-7 3 2 6 5 6 8 0 3-2 5-4 5z" fill="#ff6a00"/>
  <text x="36" y="22" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="19" font-weight="800" letter-spacing="1.5" fill="#f5f5f5">LIMITLESS</text>
  <text x="37" y="35" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="10" font-weight="600" letter-spacing="3.2" fill="#f2b705">BAR &amp; GRILL</text>
</svg>
`;
}

export interface PosterLine {
  name: string;
  price: string;
}

/** The Happy Hour Menu image (1200×1600): a poster listing drinks and bites from the menu data. */
export function happyHourPosterSvg(hours: string, sections: { title: string; lines: PosterLine[] }[]): string {
  let y = 470;
  const body = sections
    .map((section) => {
      const title = `<text x="120" y="${y}" font-size="52" font-weight="700" fill="#f2b705">${escapeXml(section.title)}</text>`;
      y += 30;
      const lines = section.lines
        .map((line) => {
          y += 66;
          return `<text x="120" y="${y}" font-size="40" fill="#f5f5f5">${escapeXml(line.name)}</text>
            <text x="1080" y="${y}" font-size="40" font-weight="700" fill="#f5f5f5" text-anchor="end">${escapeXml(line.price)}</text>`;
        })
        .join("");
      y += 100;
      return title + lines;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600" viewBox="0 0 1200 1600" font-family="DejaVu Sans, Arial, sans-serif">
  <rect width="1200" height="1600" fill="#141414"/>
  <rect x="40" y="40" width="1120" height="1520" rx="32" fill="none" stroke="#f2b705" stroke-width="6"/>
  <text x="600" y="220" font-size="120" font-weight="800" fill="#f2b705" text-anchor="middle">HAPPY HOUR</text>
  <text x="600" y="310" font-size="48" fill="#f5f5f5" text-anchor="middle">${escapeXml(hours)}</text>
  <text x="600" y="380" font-size="34" fill="#c7c7c7" text-anchor="middle">Limitless Bar &amp; Grill · be LIMITLESS</text>
  ${body}
  <text x="600" y="1500" font-size="30" fill="#c7c7c7" text-anchor="middle">Ask your server about this week's happy hour features.</text>
</svg>`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&apos;");
}
