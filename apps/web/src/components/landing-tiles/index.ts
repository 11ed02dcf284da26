export { LandingTiles, type LandingTilesProps } from './landing-tiles';
export { visibleTiles, type LandingTile } from './visible-tiles';
