// The marquee's pace, zod-free so that the browser player takes it without the text schemas.

/** Seconds the slowest marquee (speed 1) takes to cross the screen; speed n takes 1/n of it. */
export const MARQUEE_SLOWEST_SECONDS = 24;
/** How long a marquee of this speed takes to cross the screen, the same on screens and previews. */
export const marqueeSeconds = (speed: number) => MARQUEE_SLOWEST_SECONDS / speed;
