// A child (map, layer, COA statement, section, document, analysis, job, simulation, terrain question,
// planning record) is written only while its parent lives (issue 20). The parent's decider admits the
// child when the command decides (its `AdmitChild` command: 404 when missing or deleted, 403 another
// account's); the append then holds only while the parent's stream has none of the events that end it,
// so a deletion that lands between the decision and the append refuses the child instead of leaving
// it alive under a deleted parent.
export interface LiveParent {
  /** What the parent is, for messages: "Operation", "COA statement". */
  kind: string;
  id: string;
  stream: string;
  /** The event types after which the parent's decider no longer admits children. */
  endedBy: readonly string[];
}
