import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../test/render-widget';
import { AppAlert, type AlertType } from './app-alert';

describe('AppAlert', { timeout: 20_000 }, () => {
  it.each<[AlertType, string]>([
    ['info', 'InfoIcon'],
    ['success', 'CheckCircleIcon'],
    ['warning', 'PriorityHighIcon'],
    ['error', 'WarningIcon'],
  ])('shows a %s alert with the spec icon (%s)', (type, icon) => {
    renderWidget(<AppAlert type={type} message={`A ${type} message`} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(`A ${type} message`);
    expect(alert.className).toContain(`MuiAlert-color${type[0]!.toUpperCase()}${type.slice(1)}`);
    expect(alert.querySelector(`[data-testid="${icon}"]`)).not.toBeNull();
  });

  it('is an info alert by default and closes through onClose', async () => {
    const onClose = vi.fn();
    const { user } = renderWidget(<AppAlert message="Heads up" onClose={onClose} />);
    expect(screen.getByRole('alert').querySelector('[data-testid="InfoIcon"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
