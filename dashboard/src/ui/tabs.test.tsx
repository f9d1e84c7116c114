import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../i18n/index.ts';
import { type TabItem, Tabs } from './tabs.tsx';

type Type = 'all' | 'reading' | 'pronunciation' | 'video' | 'interview';
const TYPES: TabItem<Type>[] = [
  { value: 'all', label: 'All' },
  { value: 'reading', label: 'Reading' },
  { value: 'pronunciation', label: 'Pronunciation' },
  { value: 'video', label: 'Video' },
  { value: 'interview', label: 'Interview preparation' },
];

const TypeTabs = ({ start = 'all' }: { start?: Type }) => {
  const [value, setValue] = useState<Type>(start);
  return (
    <Tabs label="Task types" value={value} onValueChange={setValue} tabs={TYPES}>
      <p>{value}</p>
    </Tabs>
  );
};

/**
 * jsdom lays nothing out: a 390 px row holding 800 px of tabs, each tab 160 px wide in the order of the reading
 * direction (from the right in a right-to-left page), the row scrolled by `scrolled()` px from its start.
 */
const narrowRow = ({ rtl = false, scrolled = () => 0 }: { rtl?: boolean; scrolled?: () => number } = {}) => {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390);
  vi.spyOn(Element.prototype, 'scrollLeft', 'get').mockImplementation(() => (rtl ? -scrolled() : scrolled()));
  const setScroll = vi.spyOn(Element.prototype, 'scrollLeft', 'set').mockImplementation(() => {});
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const box = (left: number, width: number) => new DOMRect(left, 0, width, 40);
    if (this.getAttribute('role') !== 'tab') return box(0, 390);
    const index = [...(this.parentElement?.children ?? [])].indexOf(this);
    const fromStart = index * 160 - scrolled();
    return rtl ? box(390 - fromStart - 160, 160) : box(fromStart, 160);
  });
  return setScroll;
};

afterEach(() => vi.restoreAllMocks());

describe('task-type tabs on a narrow screen', () => {
  it('a row that overflows fades on the side that hides more tabs, and on both once scrolled', () => {
    let scrolled = 0;
    narrowRow({ scrolled: () => scrolled });
    render(<TypeTabs />);
    const row = screen.getByRole('tablist', { name: 'Task types' });
    expect(row).toHaveClass('tabs__list--more-end');
    expect(row).not.toHaveClass('tabs__list--more-start');

    scrolled = 200;
    fireEvent.scroll(row);
    expect(row).toHaveClass('tabs__list--more-start', 'tabs__list--more-end');

    scrolled = 410;
    fireEvent.scroll(row);
    expect(row).toHaveClass('tabs__list--more-start');
    expect(row).not.toHaveClass('tabs__list--more-end');
  });

  it('in Arabic the fades follow the reading direction (scrollLeft runs negative) and the left arrow moves on', async () => {
    await applyLanguage('ar');
    let scrolled = 0;
    narrowRow({ rtl: true, scrolled: () => scrolled });
    render(<TypeTabs />);
    const row = screen.getByRole('tablist', { name: 'Task types' });
    expect(row).toHaveClass('tabs__list--more-end');
    scrolled = 410;
    fireEvent.scroll(row);
    expect(row).toHaveClass('tabs__list--more-start');
    expect(row).not.toHaveClass('tabs__list--more-end');

    // Right to left, the next tab is to the left: radix reads the direction the row is given.
    const user = userEvent.setup();
    scrolled = 0;
    await act(async () => screen.getByRole('tab', { name: 'All' }).focus());
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Reading' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus();
  });

  it('a link to a type far along the row scrolls its tab into the row, clear of the fade', () => {
    const setScroll = narrowRow();
    render(<TypeTabs start="interview" />);
    expect(screen.getByRole('tab', { name: 'Interview preparation' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The fifth tab ends at 800 px; the row shows 390 less a 32 px fade: 442 px along.
    expect(setScroll).toHaveBeenCalledWith(442);
  });

  it('arrow keys move the focus along the row and each focused tab is scrolled into it', async () => {
    const setScroll = narrowRow();
    render(<TypeTabs />);
    const user = userEvent.setup();
    await act(async () => screen.getByRole('tab', { name: 'All' }).focus());
    setScroll.mockClear();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Pronunciation' })).toHaveFocus();
    // Pronunciation ends at 480 px, past the 358 px left clear of the fade.
    expect(setScroll).toHaveBeenLastCalledWith(122);
    // Manual activation: the panel changes on Enter, not on focus.
    expect(screen.getByText('all')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(screen.getByText('pronunciation')).toBeInTheDocument();
  });

  it('a row that fits shows no fade and is not scrolled', () => {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(700);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    const setScroll = vi.spyOn(Element.prototype, 'scrollLeft', 'set').mockImplementation(() => {});
    render(<TypeTabs start="interview" />);
    const row = screen.getByRole('tablist', { name: 'Task types' });
    expect(row.className).toBe('tabs__list');
    expect(setScroll).not.toHaveBeenCalled();
  });
});
