import type { ShippedCategory } from './shipped.ts';

export const OPERATIONS: ShippedCategory = {
  key: 'operations',
  title: 'Operations',
  description: 'How the work gets done every week: processes, roles and the risks to keep an eye on.',
  avatar: 'settings',
  color: 'orange',
  buttonTitle: 'Tune the machine',
  items: [
    {
      key: 'process-map',
      title: 'Core process map',
      description: 'One core process from start to finish: who supplies what, the steps, and what the customer gets.',
      isDefault: true,
      columns: [
        {
          key: 'inputs',
          title: 'Inputs',
          subtitle: 'What starts it',
          image: 'flag',
          color: 'gray',
          questions: [
            {
              key: 'suppliers',
              question: 'Who or what supplies the work',
              numOfAnswers: 4,
              addAnswer: true,
              maxLength: 150,
            },
            { key: 'inputs', question: 'What they hand over', numOfAnswers: 4, addAnswer: true, maxLength: 150 },
          ],
        },
        {
          key: 'steps',
          title: 'Steps',
          subtitle: 'Five to seven at most',
          image: 'route',
          color: 'blue',
          parentKey: 'inputs',
          questions: [
            { key: 'steps', question: 'The steps, in order', numOfAnswers: 7, addAnswer: true, maxLength: 150 },
          ],
        },
        {
          key: 'outputs',
          title: 'Outputs',
          subtitle: 'What the customer gets',
          image: 'star',
          color: 'green',
          parentKey: 'steps',
          questions: [
            { key: 'outputs', question: 'What comes out', numOfAnswers: 3, maxLength: 150 },
            { key: 'measure', question: 'How we measure it is done well', maxLength: 200 },
          ],
        },
      ],
    },
    {
      key: 'roles',
      title: 'Roles and responsibilities',
      description: 'Each seat in the team, what it is accountable for and who sits in it.',
      columns: [
        {
          key: 'leadership',
          title: 'Leadership',
          subtitle: 'Sets the direction',
          image: 'compass',
          color: 'indigo',
          questions: [
            { key: 'person', question: 'Who sits in the seat', maxLength: 100 },
            { key: 'duties', question: 'Five main responsibilities', numOfAnswers: 5, maxLength: 150 },
          ],
        },
        {
          key: 'delivery',
          title: 'Delivery',
          subtitle: 'Makes and ships',
          image: 'tools',
          color: 'teal',
          parentKey: 'leadership',
          questions: [
            { key: 'person', question: 'Who sits in the seat', maxLength: 100 },
            { key: 'duties', question: 'Five main responsibilities', numOfAnswers: 5, maxLength: 150 },
          ],
        },
        {
          key: 'growth',
          title: 'Growth',
          subtitle: 'Sells and markets',
          image: 'megaphone',
          color: 'pink',
          parentKey: 'leadership',
          questions: [
            { key: 'person', question: 'Who sits in the seat', maxLength: 100 },
            { key: 'duties', question: 'Five main responsibilities', numOfAnswers: 5, maxLength: 150 },
          ],
        },
      ],
    },
    {
      key: 'risks',
      title: 'Risk register',
      description: 'The few things that could stop the business, how likely they are, and what you do about them.',
      recap: 'Review it every quarter; close risks that no longer matter.',
      columns: [
        {
          key: 'risks',
          title: 'Risks',
          subtitle: 'What could go wrong',
          image: 'alert',
          color: 'red',
          questions: [
            {
              key: 'list',
              question: 'Risk, likelihood (low / medium / high) and impact',
              numOfAnswers: 8,
              addAnswer: true,
              maxLength: 250,
            },
          ],
        },
        {
          key: 'responses',
          title: 'Responses',
          subtitle: 'What we do about it',
          image: 'shield',
          color: 'green',
          parentKey: 'risks',
          questions: [
            {
              key: 'list',
              question: 'For each risk: avoid, reduce, share or accept, and who owns it',
              numOfAnswers: 8,
              addAnswer: true,
              maxLength: 250,
            },
          ],
        },
      ],
    },
  ],
};
