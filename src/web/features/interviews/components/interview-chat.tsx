interface InterviewChatProps {
  memberId: string
  /** How Ana and the composer name the relative: "Carmen López". */
  memberName: string
}

/**
 * The conversation with Ana about the relative (spec §2, §4): her opening, the composer with the
 * voice recorder, and the microphone's permission screen. Still to be built: renders nothing.
 */
export function InterviewChat(_props: InterviewChatProps) {
  return null
}
