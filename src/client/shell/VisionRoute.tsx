import { CoreValuesList } from '../../features/people-tools/client/CoreValuesPanel.tsx';
import { VisionPage } from '../../features/vision/client/VisionPage.tsx';
import type { VisionSlots } from '../../features/vision/client/vision.slots.ts';

/** A section titled "Core Values" shows the workspace's core values as they are kept in People. */
const isCoreValues = (title: string) => title.trim().toLowerCase().replace(/\s+/g, ' ') === 'core values';

const slots: VisionSlots = {
  sectionExtra: (section) => (isCoreValues(section.title) ? <CoreValuesList /> : null),
};

/** The vision board with the people tools' core values put in by the shell: the two features do not import each other. */
export const VisionRoute = () => <VisionPage slots={slots} />;
