import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tab-bar.css';

export interface TabItem {
  key: string;
  title: ReactNode;
  /** On the tab's button, for tests and analytics. */
  testId?: string;
}

const NEXT_KEYS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * A row of tabs over a list (the shop's product types, the order lists' statuses), as the WAI-ARIA tabs pattern: the
 * chosen one is selected and in the tab order, the arrow keys, Home and End choose another. Plain buttons and CSS: the
 * line under the chosen tab is its border, so the first render measures nothing (antd-mobile's Tabs measured every tab
 * to animate its line, and brought its animation library to the home's first load). `stretch` spreads the tabs over the
 * width; otherwise a row wider than the screen scrolls sideways, keeping the chosen tab in view.
 */
export function TabBar({
  items,
  activeKey,
  onChange,
  stretch = false,
  className,
  testId,
}: {
  items: readonly TabItem[];
  activeKey: string;
  onChange: (key: string) => void;
  stretch?: boolean;
  className?: string;
  testId?: string;
}) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => {
    const active = buttons.current.get(activeKey);
    const row = active?.parentElement;
    // after the paint (an effect): only a row that overflows is scrolled, and only sideways
    if (!active || !row || row.scrollWidth <= row.clientWidth) return;
    const left = active.offsetLeft - row.offsetLeft;
    if (left < row.scrollLeft || left + active.offsetWidth > row.scrollLeft + row.clientWidth) {
      row.scrollLeft = left - (row.clientWidth - active.offsetWidth) / 2;
    }
  }, [activeKey]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const next = NEXT_KEYS[event.key];
    if (!next) return;
    event.preventDefault();
    const item = items[next(index, items.length)]!;
    buttons.current.get(item.key)?.focus();
    onChange(item.key);
  }

  return (
    <div role="tablist" className={['tab-bar', stretch && 'tab-bar--stretch', className].filter(Boolean).join(' ')} data-testid={testId}>
      {items.map((item, index) => {
        const active = item.key === activeKey;
        return (
          <button
            key={item.key}
            ref={(element) => {
              if (element) buttons.current.set(item.key, element);
              else buttons.current.delete(item.key);
            }}
            type="button"
            role="tab"
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            className={active ? 'tab-bar__tab tab-bar__tab--active' : 'tab-bar__tab'}
            data-testid={item.testId}
            onClick={() => {
              if (!active) onChange(item.key);
            }}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            <span className="tab-bar__title">{item.title}</span>
          </button>
        );
      })}
    </div>
  );
}
