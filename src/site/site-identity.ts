/**
 * The restaurant's name: the one fact the diner's and staff's screens state too. Its own module, apart
 * from site-config.ts (addresses, hours, documents…), so those screens' bundles carry only this
 * (docs/performance/bundle-budget.md).
 */
export const SITE_NAME = "Limitless Bar & Grill";
