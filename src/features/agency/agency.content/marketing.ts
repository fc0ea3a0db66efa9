import type { AgencyColor } from '../../../shared/constants.ts';
import type { ShippedCategory, ShippedColumn } from './shipped.ts';

// The three personas ask the same questions, and so do the journey's five stages.
const persona = (key: string, title: string, color: AgencyColor, parentKey?: string): ShippedColumn => ({
  key,
  title,
  subtitle: 'One person who buys or uses what you sell',
  image: 'user',
  color,
  ...(parentKey ? { parentKey } : {}),
  questions: [
    { key: 'name', question: 'Name, role and company size', maxLength: 120 },
    { key: 'goals', question: 'What are they trying to achieve this year?', numOfAnswers: 3 },
    { key: 'pains', question: 'What gets in their way?', numOfAnswers: 3 },
    { key: 'channels', question: 'Where do they look for answers?', maxLength: 300 },
    { key: 'trigger', question: 'What makes them start looking for a solution like ours?', maxLength: 300 },
    {
      key: 'objections',
      question: 'What would make them say no?',
      numOfAnswers: 5,
      addAnswer: true,
      maxLength: 200,
    },
  ],
});

const stage = (
  key: string,
  title: string,
  subtitle: string,
  color: AgencyColor,
  parentKey?: string,
): ShippedColumn => ({
  key,
  title,
  subtitle,
  image: 'route',
  color,
  ...(parentKey ? { parentKey } : {}),
  questions: [
    { key: 'doing', question: 'What is the customer doing and thinking?', maxLength: 400 },
    { key: 'touchpoints', question: 'Where do they meet us?', numOfAnswers: 4, addAnswer: true, maxLength: 150 },
    { key: 'feeling', question: 'How do they feel at this stage?', maxLength: 200 },
    { key: 'improve', question: 'One thing we will improve here', maxLength: 250 },
  ],
});

export const MARKETING: ShippedCategory = {
  key: 'marketing',
  title: 'Marketing',
  description:
    'Know who you sell to and what they hear from you at every step, so the whole team tells the same story.',
  avatar: 'megaphone',
  color: 'pink',
  buttonTitle: 'Meet your buyers',
  items: [
    {
      key: 'personas',
      title: 'Buyer personas',
      description:
        'Three people who buy from you, described well enough that everyone can picture them: the one who decides, the one who uses, the one who pays.',
      recap: 'Write about real customers you have spoken to, not the ones you wish you had.',
      url: 'https://en.wikipedia.org/wiki/Persona_(user_experience)',
      isDefault: true,
      columns: [
        persona('decider', 'Persona 1: the decider', 'pink'),
        persona('user', 'Persona 2: the daily user', 'grape', 'decider'),
        persona('payer', 'Persona 3: the budget holder', 'violet', 'decider'),
      ],
    },
    {
      key: 'journey',
      title: 'Customer journey',
      description:
        'The steps a customer takes from first hearing of you to telling others about you, and what they meet at each.',
      recap: 'Fix the stage where most people drop out first.',
      columns: [
        stage('awareness', 'Awareness', 'They learn we exist', 'blue'),
        stage('consideration', 'Consideration', 'They compare options', 'cyan', 'awareness'),
        stage('decision', 'Decision', 'They choose and buy', 'teal', 'consideration'),
        stage('onboarding', 'Onboarding', 'Their first weeks', 'green', 'decision'),
        stage('advocacy', 'Advocacy', 'They recommend us', 'lime', 'onboarding'),
      ],
    },
    {
      key: 'value-proposition',
      title: 'Value proposition',
      description: 'Match what a customer needs done with what your product does, one line at a time.',
      columns: [
        {
          key: 'jobs',
          title: 'Customer jobs',
          subtitle: 'What they need to get done',
          image: 'user',
          color: 'orange',
          questions: [
            {
              key: 'jobs',
              question: 'Tasks they are trying to finish',
              numOfAnswers: 5,
              addAnswer: true,
              maxLength: 200,
            },
            {
              key: 'pains',
              question: 'What annoys or blocks them',
              numOfAnswers: 5,
              addAnswer: true,
              maxLength: 200,
            },
            { key: 'gains', question: 'What would delight them', numOfAnswers: 5, addAnswer: true, maxLength: 200 },
          ],
        },
        {
          key: 'product',
          title: 'Our product',
          subtitle: 'How we help',
          image: 'tools',
          color: 'blue',
          parentKey: 'jobs',
          questions: [
            { key: 'features', question: 'What we offer', numOfAnswers: 5, addAnswer: true, maxLength: 200 },
            {
              key: 'relievers',
              question: 'Which pain each one removes',
              numOfAnswers: 5,
              addAnswer: true,
              maxLength: 200,
            },
            {
              key: 'creators',
              question: 'Which gain each one creates',
              numOfAnswers: 5,
              addAnswer: true,
              maxLength: 200,
            },
          ],
        },
        {
          key: 'fit',
          title: 'Fit',
          subtitle: 'The promise',
          image: 'handshake',
          color: 'green',
          parentKey: 'product',
          questions: [{ key: 'promise', question: 'Our promise in one sentence', maxLength: 250 }],
        },
      ],
    },
  ],
};
