import type { CSSProperties, ReactNode } from 'react';
import { useId } from 'react';
import './segmented.css';

// A choice of a few options shown side by side: radio buttons drawn as one strip, the chosen one
// raised. The browser's own radio group gives it its keyboard (arrows move the choice, Tab leaves)
// and its roles. Plain elements and CSS only: Mantine's SegmentedControl measures its options to
// slide a marker under the chosen one, a layout of the whole page each time any of them, or
// anything around them, changes size — on a dashboard with several, a fifth of a second at 4× CPU
// while the page first renders (decision 139).

export interface SegmentedItem<T extends string> {
  value: T;
  label: ReactNode;
  disabled?: boolean;
}

export const Segmented = <T extends string>({
  data,
  value,
  onChange,
  size = 'sm',
  fullWidth = false,
  orientation = 'horizontal',
  disabled = false,
  name,
  className,
  style,
  ...labelled
}: {
  data: readonly (T | SegmentedItem<T>)[];
  value: T | null;
  onChange: (value: T) => void;
  size?: 'xs' | 'sm' | 'md';
  fullWidth?: boolean;
  orientation?: 'horizontal' | 'vertical';
  disabled?: boolean;
  name?: string;
  className?: string;
  style?: CSSProperties;
  'aria-label'?: string;
  'aria-labelledby'?: string;
}) => {
  const id = useId();
  if (data.length === 0) return null;
  const group = name ?? id;
  return (
    <div
      role="radiogroup"
      {...labelled}
      className={className ? `cadence-segmented ${className}` : 'cadence-segmented'}
      style={style}
      data-size={size}
      data-full-width={fullWidth || undefined}
      data-orientation={orientation}
    >
      {data.map((entry) => {
        const item = typeof entry === 'string' ? { value: entry, label: entry } : entry;
        const itemId = `${id}-${item.value}`;
        return (
          <div className="cadence-segmented-option" key={item.value}>
            <input
              className="cadence-segmented-input"
              type="radio"
              name={group}
              id={itemId}
              value={item.value}
              checked={value === item.value}
              disabled={disabled || item.disabled}
              onChange={() => onChange(item.value)}
            />
            <label className="cadence-segmented-label" htmlFor={itemId}>
              {item.label}
            </label>
          </div>
        );
      })}
    </div>
  );
};
