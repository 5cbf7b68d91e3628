import { useEffect } from 'react';
import { WEB_TEXTS } from '../config/texts.ts';

/** The browser tab's title: the screen's own name, then the product's ("Billing · Clearport"). */
export function documentTitleOf(screenTitle: string): string {
  return screenTitle ? `${screenTitle} · ${WEB_TEXTS.common.productName}` : WEB_TEXTS.common.productName;
}

/** Titles the browser tab after the screen for as long as the screen is shown. */
export function useDocumentTitle(screenTitle: string) {
  useEffect(() => {
    document.title = documentTitleOf(screenTitle);
  }, [screenTitle]);
}
