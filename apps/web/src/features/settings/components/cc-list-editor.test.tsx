import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_CC_EMAILS } from '@clearport/contract/constants';
import { TEXTS } from '@clearport/contract/texts';
import { CcListEditor } from './cc-list-editor.tsx';

function TruckerCcs({ initial }: { initial: string[] }) {
  const [ccEmails, setCcEmails] = useState(initial);
  return <CcListEditor owner="Pier Nine" ccEmails={ccEmails} onChange={setCcEmails} fullText={TEXTS.maxTruckerCc} />;
}

describe('CcListEditor', () => {
  it('keeps the focus in the field for the next address, and on the full list’s text after the last, where Enter removes nothing', async () => {
    const events = userEvent.setup();
    const initial = Array.from({ length: MAX_CC_EMAILS - 2 }, (_, index) => `copy${index + 1}@demo.test`);
    render(<TruckerCcs initial={initial} />);
    const field = screen.getByRole('textbox', { name: 'New CC for Pier Nine' });
    await events.type(field, 'ninth@demo.test{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(field));
    await events.keyboard('tenth@demo.test{Enter}');
    const full = await screen.findByText(TEXTS.maxTruckerCc);
    await waitFor(() => expect(document.activeElement).toBe(full));
    await events.keyboard('{Enter}');
    expect(screen.getByText(`${MAX_CC_EMAILS}/${MAX_CC_EMAILS} CC`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove copy1@demo.test' })).toBeTruthy();
  });
});
