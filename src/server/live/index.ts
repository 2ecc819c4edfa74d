// Live change notices' public face: features publish through the bus.
export { createLiveBus, type LiveBus, type LivePublisher } from './bus';
