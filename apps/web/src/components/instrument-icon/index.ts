export { InstrumentIcon, instrumentIconDataUrl, instrumentIconSvg, isInstrumentIcon, type InstrumentIconProps } from './instrument-icon';
