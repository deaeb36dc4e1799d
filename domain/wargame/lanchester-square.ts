// Lanchester's square law (F. W. Lanchester, Aircraft in Warfare, 1916), solved exactly over a
// period t for constant coefficients: dA/dt = −β·B, dB/dt = −α·A gives, with k = √(αβ),
//   A(t) = A₀·cosh(kt) − √(β/α)·B₀·sinh(kt),   B(t) = B₀·cosh(kt) − √(α/β)·A₀·sinh(kt),
// valid while both stay positive. When one side would reach zero inside the period it is clamped
// at zero and the other keeps √(A₀² − (β/α)·B₀²) (the square law's invariant α·A² − β·B²). Pure.

export interface LanchesterResult {
  a: number;
  b: number;
}

/**
 * Forces `a0` and `b0` after `hours` of fire; `alpha` is A's attrition coefficient against B,
 * `beta` B's against A (per hour). Throws a RangeError for negative or non-finite inputs.
 */
export function lanchesterSquare(a0: number, b0: number, alpha: number, beta: number, hours: number): LanchesterResult {
  for (const [name, value] of Object.entries({ a0, b0, alpha, beta, hours })) {
    if (!(value >= 0) || !Number.isFinite(value)) throw new RangeError(`${name} must be a finite number ≥ 0`);
  }
  if (a0 === 0 || b0 === 0 || hours === 0 || (alpha === 0 && beta === 0)) return { a: a0, b: b0 };
  if (alpha === 0) return { a: Math.max(0, a0 - beta * b0 * hours), b: b0 };
  if (beta === 0) return { a: a0, b: Math.max(0, b0 - alpha * a0 * hours) };
  const k = Math.sqrt(alpha * beta);
  const c = Math.cosh(k * hours);
  const s = Math.sinh(k * hours);
  const a = a0 * c - Math.sqrt(beta / alpha) * b0 * s;
  const b = b0 * c - Math.sqrt(alpha / beta) * a0 * s;
  if (a > 0 && b > 0) return { a, b };
  // One side is annihilated within the period: the square law's invariant gives the survivor.
  const invariant = alpha * a0 * a0 - beta * b0 * b0;
  if (invariant > 0) return { a: Math.sqrt(invariant / alpha), b: 0 };
  if (invariant < 0) return { a: 0, b: Math.sqrt(-invariant / beta) };
  return { a: 0, b: 0 };
}
