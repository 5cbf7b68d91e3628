import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { StatusCell } from './status-cell.tsx';

const dotColour = (container: HTMLElement) => container.querySelector('[data-colour]')?.getAttribute('data-colour');

describe('StatusCell', () => {
  it.each([
    ['released', 'Released', 'green'],
    ['submitted', 'Awaiting Arrival', 'light-blue'],
    ['pending documents', 'Documents Required', 'red'],
    ['PENDING RELEASE', 'PENDING RELEASE', 'yellow'],
    ['CBP VACIS EXAM', 'CBP VACIS EXAM', 'blue-violet'],
    ['ISF HOLD', 'ISF HOLD', 'blue-violet'],
    ['IT SHIPMENT', 'IT SHIPMENT', 'teal'],
    ['NOT CLEARED BY AFB', 'NOT CLEARED BY AFB', 'red-orange'],
    ['liquidated', 'Other', 'dark-blue'],
    ['In Transit', 'in transit', 'dark-blue'],
  ])('shows %s as the text %s with a %s dot', (status, text, colour) => {
    const { container } = render(<StatusCell status={status} />);
    expect(container.textContent).toBe(text);
    expect(dotColour(container)).toBe(colour);
    // The dot is decoration: the text carries the status.
    expect(container.querySelector('[data-colour]')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows no document ticks without tracked documents', () => {
    render(<StatusCell status="submitted" />);
    expect(screen.queryAllByRole('img')).toHaveLength(0);
  });

  it('shows a tick or a cross for each of AN, BL, CI and PS the shipment has', () => {
    render(
      <StatusCell
        status="pending documents"
        trackedDocuments={[
          { type: 'Packing Slip', submitted: false },
          { type: 'Arrival Notice', submitted: true },
          { type: 'Bill of Lading', submitted: false },
          { type: 'Commercial Invoice', submitted: true },
        ]}
      />,
    );
    expect(screen.getAllByRole('img').map((image) => [image.getAttribute('aria-label'), image.textContent])).toEqual([
      ['Arrival Notice submitted', 'AN'],
      ['Bill of Lading not submitted', 'BL'],
      ['Commercial Invoice submitted', 'CI'],
      ['Packing Slip not submitted', 'PS'],
    ]);
  });

  it('leaves out a document type the shipment does not need', () => {
    render(<StatusCell status="released" trackedDocuments={[{ type: 'Bill of Lading', submitted: true }]} />);
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('aria-label'))).toEqual([
      'Bill of Lading submitted',
    ]);
  });
});
