// The meetings area's own texts (new ones; the older ones are still in shared/messages.ts).

export const meetingsMessages = {
  agendaKeyCascadingMessages: 'Cascading Messages',
  agendaKeyTodoRecap: 'Recap of the new to-dos',
};
