/** The settings of the moment events (./moments), as read from the node's parameters (./momentParameters). */

export interface ReminderOffset {
	minutes: number;
	/** As the user wrote it, e.g. "2 hours". */
	label: string;
}

export interface MomentSettings {
	reminders: {
		offsets: ReminderOffset[];
		states: ReadonlySet<string>;
		/** Fire a late reminder even when the visit has begun. */
		keepLate: boolean;
		/**
		 * At the poll after a restaurant's first listing, send the reminders already past then whose
		 * visit has not begun (the first listing itself stays a silent baseline).
		 */
		missedAtFirstActivation: boolean;
	};
	notArrived: { graceMinutes: number; states: ReadonlySet<string> };
	visitEnded: {
		/** A delay after the visit's end, or the next day at a local time of day. */
		after: { minutes: number } | { nextDayAt: string };
		/** When the booking has no `estimatedTurnOverTime`. */
		defaultLengthMinutes: number;
		states: ReadonlySet<string>;
	};
}
