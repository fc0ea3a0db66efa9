import type { SectionKind } from './vision.schemas.ts';

// The templates the product ships: a board starts as a copy of one of them. The
// default is the vision/traction organizer teams expect; its quarterly goals and long-term
// issues are live sections that read the workspace's goals and backburner (decision 047).

export interface CatalogSection {
  title: string;
  description: string;
  kind?: SectionKind;
}
export interface CatalogTemplate {
  key: string;
  title: string;
  sections: CatalogSection[];
}

const hint = (text: string) => `<p><em>${text}</em></p>`;

export const VISION_CATALOG: CatalogTemplate[] = [
  {
    key: 'vto',
    title: 'Vision/Traction Organizer',
    sections: [
      {
        title: 'Core Values',
        description: hint('Three to seven rules the team lives by, each with one line on what it means.'),
      },
      {
        title: 'Core Focus',
        description: `<p><strong>Purpose/Cause/Passion:</strong> </p><p><strong>Our Niche:</strong> </p>`,
      },
      { title: '10-Year Target', description: hint('One big, measurable goal for ten years out.') },
      {
        title: 'Marketing Strategy',
        description: `<p><strong>Target Market / "The List":</strong> </p><p><strong>Three Uniques:</strong> </p><p><strong>Proven Process:</strong> </p><p><strong>Guarantee:</strong> </p>`,
      },
      {
        title: '3-Year Picture',
        description: `<p><strong>Future Date:</strong> </p><p><strong>Revenue:</strong> </p><p><strong>Profit:</strong> </p><p><strong>Measurables:</strong> </p><p><strong>What does it look like?</strong></p><ul><li><p></p></li></ul>`,
      },
      {
        title: '1-Year Plan',
        description: `<p><strong>Future Date:</strong> </p><p><strong>Revenue:</strong> </p><p><strong>Profit:</strong> </p><p><strong>Goals for the Year:</strong></p><ol><li><p></p></li></ol>`,
      },
      { title: 'Quarterly Goals', description: '', kind: 'quarterlyGoals' },
      { title: 'Long-Term Issues', description: '', kind: 'longTermIssues' },
    ],
  },
  {
    key: 'strategy',
    title: 'One-Page Strategic Plan',
    sections: [
      { title: 'Mission', description: hint('Why the organisation exists.') },
      { title: 'Vision', description: hint('Where it is going.') },
      { title: 'Values', description: hint('How it behaves on the way.') },
      { title: 'Strategic Priorities', description: hint('The three to five things that matter most this year.') },
      { title: 'Key Measures', description: hint('How progress is measured.') },
      { title: 'Goals This Quarter', description: '', kind: 'quarterlyGoals' },
    ],
  },
  {
    key: 'team-charter',
    title: 'Team Charter',
    sections: [
      { title: 'Purpose', description: hint('What the team is for.') },
      { title: 'Responsibilities', description: hint('What the team owns, and what it does not.') },
      { title: 'Working Agreements', description: hint('How the team meets, decides and communicates.') },
      { title: 'Open Issues', description: '', kind: 'longTermIssues' },
    ],
  },
];

export const DEFAULT_CATALOG_KEY = 'vto';
