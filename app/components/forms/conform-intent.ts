/** Conform's name of the hidden submit button its checks (`form.validate`, a field left) use: such a submit sends nothing. */
export const CONFORM_INTENT = "__intent__";
