import type { Seat } from './orgchart.schemas.ts';

/** The names in a seat (page, PNG and PDF alike): its users, then someone not yet a user. */
export const seatPeople = (seat: Pick<Seat, 'users' | 'firstName' | 'lastName'>) => {
  const names = seat.users.map((user) => `${user.firstName} ${user.lastName}`.trim());
  const outsider = `${seat.firstName} ${seat.lastName}`.trim();
  if (outsider) names.push(outsider);
  return names;
};
