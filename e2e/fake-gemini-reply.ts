/** What the fake Gemini of the browser journeys answers to every chat, piece by piece. */
export const fakeGeminiReply = ['Qué recuerdo tan bonito. ', 'Las tardes en el patio ', 'de la casa de tu abuela… ', '¿A qué olía esa casa?']
