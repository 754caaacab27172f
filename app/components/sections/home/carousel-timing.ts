// How long each slide of the home carousel stays while autoplay runs. The spec leaves the
// interval open; 6 s leaves time to read a slide's headline and text. (A module of its own so the
// browser tests can import it without the component's CSS.)
export const CAROUSEL_INTERVAL_MS = 6000;
