// The picture the wall editor's preview lays across the wall: lines and circles that cross every
// seam, so the bezels' gaps show as the picture hidden behind them rather than squeezed beside them.
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d4e89"/><stop offset="1" stop-color="#f4a259"/></linearGradient></defs>
<rect width="1600" height="900" fill="url(#sky)"/>
<circle cx="800" cy="450" r="300" fill="#f6d55c" stroke="#fff" stroke-width="14"/>
<circle cx="800" cy="450" r="180" fill="none" stroke="#ed553b" stroke-width="24"/>
<path d="M0 900 L1600 0 M0 0 L1600 900" stroke="#fff" stroke-width="10"/>
<path d="M0 450 H1600 M800 0 V900" stroke="#20639b" stroke-width="8" stroke-dasharray="40 20"/>
<path d="M0 760 Q400 620 800 760 T1600 760 V900 H0 Z" fill="#3caea3"/>
</svg>`;

export const SAMPLE_PICTURE = `data:image/svg+xml,${encodeURIComponent(SVG)}`;
