// Live change notices' public face.
export { useLive } from './use-live';
