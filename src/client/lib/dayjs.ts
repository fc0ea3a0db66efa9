import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

// dayjs with the plugins the client needs, set up once: import dayjs from here.
dayjs.extend(utc);
dayjs.extend(timezone);

export { dayjs };
