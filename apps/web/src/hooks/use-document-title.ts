import { useEffect } from 'react';
import { COMMON_TEXTS } from '../config/common-texts.ts';

/** The browser tab's title: the screen's own name, then the product's ("Billing · Clearport"). */
export function documentTitleOf(screenTitle: string): string {
  return screenTitle ? `${screenTitle} · ${COMMON_TEXTS.productName}` : COMMON_TEXTS.productName;
}

/** Titles the browser tab after the screen for as long as the screen is shown. */
export function useDocumentTitle(screenTitle: string) {
  useEffect(() => {
    document.title = documentTitleOf(screenTitle);
  }, [screenTitle]);
}
