import type { SVGProps } from 'react';

// Icons drawn hundreds of times on one page (a board's list handles, its cards' marks) as a single
// path each: the icon set draws every stroke as an element of its own, and on a board of thousands
// of cards those elements are most of what the browser has to lay out.

type LightIconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'role'> & {
  size?: number;
  /** What it says, when nothing around it does; without one it is hidden from assistive technology. */
  label?: string;
};

const lightIcon = (d: string) => {
  const Icon = ({ size = 16, label, ...rest }: LightIconProps) => (
    // biome-ignore lint/a11y/noSvgWithoutTitle: labelled by `label` (role img) or hidden, as chosen below
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...rest}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <path d={d} />
    </svg>
  );
  return Icon;
};

/** Two columns of three dots: something to drag. */
export const GripIcon = lightIcon('M9 5v.01M9 12v.01M9 19v.01M15 5v.01M15 12v.01M15 19v.01');

/** Three lines of text: a card has a description. */
export const LinesIcon = lightIcon('M4 6h16M4 12h10M4 18h14');

/** Three dots in a row: more actions. */
export const DotsIcon = lightIcon('M5 12v.01M12 12v.01M19 12v.01');
