// hls.js's light build (no subtitles, alternate audio or DRM: a third smaller) ships without its own types; it has the full build's API.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
