/**
 * An ITM input outside the model's range. `field` names the ItmParams key (or 'profile') so the
 * request layer can answer 422 with that field in the error's `loc`.
 */
export class ItmParameterError extends RangeError {
  readonly field: string;

  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'ItmParameterError';
    this.field = field;
  }
}
