/**
 * The Okabe–Ito colours (https://jfly.uni-koeln.de/color/), told apart with every common colour
 * vision deficiency; the series of a chart take them in this order.
 */
export const CHART_COLOURS = {
  blue: '#0072B2',
  orange: '#E69F00',
  green: '#009E73',
  vermillion: '#D55E00',
  sky: '#56B4E9',
  purple: '#CC79A7',
  yellow: '#F0E442',
  black: '#000000',
} as const;
