/**
 * The web client's texts several screens share, the signed-out pages and the entry's error and
 * loading screens among them: a module of their own, so those pages do not download every screen's
 * texts (`WEB_TEXTS.common` is this object).
 */
export const COMMON_TEXTS = {
  productName: 'Clearport',
  sending: 'Sending...',
  notAvailableYet: 'This screen is not available yet.',
  notAvailableYetDetail: 'It is being built and will appear here in a coming release.',
  /** After a +N button: its accessible name reads "+3 more". */
  showMore: 'more',
  showLess: 'Show less',
  submitting: 'Submitting...',
  referenceLabel: 'Reference number',
  saving: 'Saving...',
  deleting: 'Deleting...',
  cancel: 'Cancel',
  /** A trucker or warehouse saved without a name (the New Warehouse form requires none), in lists and titles. */
  unnamedTrucker: 'Trucker {id} (no name)',
  unnamedWarehouse: 'Warehouse {id} (no name)',
  goHome: 'Go to home',
  tryAgain: 'Try again',
  /** The toast after a copy button put its value on the clipboard. */
  copied: 'Copied',
} as const;
