import { useCallback } from 'react';
import { HomeCardDialog } from '../../features/boards/client/HomeCardDialog.tsx';
import { HomeTaskForm } from '../../features/tasks/client/HomeTaskForm.tsx';
import { useCard } from '../lib/cards.ts';
import { useNavigate, useParams } from '../lib/router/index.ts';
import { HomePage } from './HomePage.tsx';

// /home/{taskId} (document 1 §2, document 2 §2): the home page with that task's dialog open;
// closing it goes back to /home. A card on a board opens the boards feature's card dialog, an
// action item off every board the tasks feature's form: the two features do not import each
// other, this route picks one.

export const HomeTaskRoute = () => {
  const { taskId = '' } = useParams();
  const navigate = useNavigate();
  const card = useCard(taskId || null);
  const close = useCallback(() => void navigate('/home'), [navigate]);
  // Which dialog depends on the card; a card that fails to load goes to the task form, which
  // shows the failure (as before).
  const onBoard = card.data ? card.data.boardId !== null : null;
  return (
    <>
      <HomePage />
      {taskId && onBoard === true && <HomeCardDialog taskId={taskId} onClose={close} />}
      {taskId && (onBoard === false || (card.isError && !card.data)) && (
        <HomeTaskForm taskId={taskId} onClose={close} />
      )}
    </>
  );
};
