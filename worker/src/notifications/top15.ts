// The top-15 entries' recording lives with the match index it reads (worker/src/store/match-scores.ts).
export { recordTop15Entries, TOP_LIST_SIZE } from '../store/match-scores.ts';
