/** Ids in paths are uuids; the check's one home is the domain. */
export { isUuid } from '@app/domain';
