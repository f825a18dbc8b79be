import { createContext, useContext } from "react";

// In the browser the nonce is hidden from the DOM and no longer needed, so it is empty there.
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
