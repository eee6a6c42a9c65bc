import { checkEveryScreen } from './a11y-screens.ts';

checkEveryScreen('phone');
