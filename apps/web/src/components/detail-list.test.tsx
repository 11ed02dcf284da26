import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../test/render-widget';
import { DetailList } from './detail-list';

describe('DetailList', () => {
  it('shows label and value pairs as a description list', () => {
    const { container } = renderWidget(
      <DetailList
        items={[
          { label: 'Instrument', value: 'SM-0104' },
          { label: 'Status', value: <strong>Active</strong> },
        ]}
      />,
    );
    expect(container.querySelector('dl')).not.toBeNull();
    expect([...container.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Instrument', 'Status']);
    expect([...container.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual(['SM-0104', 'Active']);
    expect(screen.getByText('Active').tagName).toBe('STRONG');
  });
});
