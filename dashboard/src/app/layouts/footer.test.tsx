import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShellFooter } from './footer.tsx';

const IOS = 'https://apps.apple.com/app/acme-coach/id1234567890';
const ANDROID = 'https://play.google.com/store/apps/details?id=com.acme.coach';

describe('the footer offers the mobile app where the deployment says where it is', () => {
  it('a deployment that names both store pages shows both buttons, each opening its page', () => {
    render(<ShellFooter links={{ ios: IOS, android: ANDROID }} />);
    expect(screen.getByText('Get the app:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'App Store' })).toHaveAttribute('href', IOS);
    expect(screen.getByRole('link', { name: 'Google Play' })).toHaveAttribute('href', ANDROID);
  });

  it('a deployment with only an Android app shows only Google Play', () => {
    render(<ShellFooter links={{ ios: null, android: ANDROID }} />);
    expect(screen.queryByRole('link', { name: 'App Store' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Google Play' })).toHaveAttribute('href', ANDROID);
  });

  it('a deployment that names no store page shows no button and no "Get the app"', () => {
    render(<ShellFooter links={{ ios: null, android: null }} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText('Get the app:')).not.toBeInTheDocument();
    expect(screen.getByText(/All rights reserved/)).toBeInTheDocument();
  });
});
