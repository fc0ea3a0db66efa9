import { clientMessages } from '../client.messages.ts';

/** document 1 §1: 06:00–12:00 morning, 12:00–18:00 afternoon, otherwise evening (local hour). */
export const greetingFor = (hour: number): string => {
  if (hour >= 6 && hour < 12) return clientMessages.goodMorning;
  if (hour >= 12 && hour < 18) return clientMessages.goodAfternoon;
  return clientMessages.goodEvening;
};
