/** Staff portal view rules that need no database. */

/** The mail room's default: what still waits for the courier. */
export function mailRoomStates(status: string[] | undefined): string[] {
  return status && status.length > 0 ? status : ['booked'];
}

/** An application's logistics distribution list exists only once it went out with a waybill. */
export function dispatchedWaybill(order: { courier: string | null; expressNo: string | null } | undefined) {
  return order?.courier && order.expressNo ? { courier: order.courier, expressNo: order.expressNo } : null;
}
