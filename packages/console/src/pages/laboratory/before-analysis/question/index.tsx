// The bench's entry to the staff query screen (same screen and permissions as /project/question).
export { default } from '../../../project/question';
